import { Badge } from '../../components/badge';
import { FormSwitchField, FormTextareaField } from '../../components/form-fields';

/**
 * Encoding and encryption of what a webhook sends, as the advanced configuration and the basic
 * service both offer them (the same fields, the same scheme). The public key shows once
 * encryption is chosen or a key is stored.
 */
export function PayloadProtectionFields({ showPublicKey }: { showPublicKey: boolean }) {
  return (
    <fieldset className="space-y-4 border-t border-border pt-4">
      <legend className="sr-only">Payload protection</legend>
      <h3 className="text-sm font-semibold" aria-hidden="true">
        Payload protection
      </h3>
      <FormSwitchField
        name="encodeData"
        label="Encode payloads"
        description="Send { encodedPayload } with the payload as base64 JSON instead of the payload itself."
      />
      <FormSwitchField
        name="encryptData"
        label="Encrypt payloads"
        description="Send { encryptedData, encryptedKey, iv }: the payload in AES-256-CBC, its key encrypted with RSA-OAEP (SHA-256) under your public key."
      />
      {showPublicKey ? (
        <FormTextareaField
          name="publicKey"
          label="Public key"
          description="An RSA public key of 2048 bits or more: PEM (BEGIN PUBLIC KEY or BEGIN RSA PUBLIC KEY), or its base64 body. Never a private key."
          rows={6}
          spellCheck={false}
          placeholder="-----BEGIN PUBLIC KEY-----"
        />
      ) : null}
    </fieldset>
  );
}

/** The heading of a webhook configuration card, with whether what is saved is on. */
export function ConfigHeading({ on }: { on: boolean }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h2 className="text-base font-semibold">Configuration</h2>
      <Badge tone={on ? 'success' : 'neutral'}>{on ? 'On' : 'Off'}</Badge>
    </div>
  );
}
