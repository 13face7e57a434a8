import { credentialHeaderPairs, credentialHeaders, sessionCookieName } from '#contract/credentials';
import type { AnyEndpoint, AuthLevel } from '#contract/endpoint';
import { endpointDocs, envelopeText } from './endpoint-docs';
import { type KeyChoice, TryIt } from './try-it';

const session = `a person's session (the ${sessionCookieName} cookie a login link sets)`;

const authText: Record<AuthLevel, string> = {
  public: 'none',
  workspace: `the workspace: ${credentialHeaderPairs.workspace.join(' and ')}, or ${session} with ${credentialHeaders.workspaceId}`,
  apiKey: `an API key: ${credentialHeaderPairs.apiKey.join(' and ')}, or ${session} with ${credentialHeaders.workspaceId} and ${credentialHeaders.apiKey}`,
  session,
};

/** What one endpoint takes and answers, from its contract, and a form to try it. */
export function EndpointDetails({
  endpoint,
  keyChoice,
}: {
  endpoint: AnyEndpoint;
  keyChoice: KeyChoice;
}) {
  const docs = endpointDocs(endpoint);
  return (
    <div className="space-y-4 border-t border-border pt-4">
      <p className="text-sm">
        <span className="text-muted">Credentials:</span> {authText[endpoint.auth]}.{' '}
        <span className="text-muted">Body:</span> <code>{'{ "data": { … } }'}</code>.{' '}
        <span className="text-muted">Success:</span> envelope {endpoint.envelope},{' '}
        {envelopeText(endpoint).replaceAll('`', '')}
        {endpoint.dryRun
          ? '; with dryRun: true, envelope A (HTTP 200) saying what it would do'
          : ''}
        .
      </p>
      <section className="space-y-2">
        <h3 className="text-sm font-semibold">Request fields</h3>
        {docs.fields.length === 0 ? (
          <p className="text-sm text-muted">None: send an empty data object.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-xs text-muted uppercase">
                <tr>
                  <th scope="col" className="py-1 pr-3 font-semibold">
                    Field
                  </th>
                  <th scope="col" className="py-1 pr-3 font-semibold">
                    Type
                  </th>
                  <th scope="col" className="py-1 font-semibold">
                    Rules
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {docs.fields.map((field) => (
                  <tr key={field.name}>
                    <td className="py-1 pr-3 align-top font-mono text-xs wrap-anywhere">
                      {field.name}
                      {field.required ? '' : '?'}
                    </td>
                    <td className="py-1 pr-3 align-top font-mono text-xs wrap-anywhere">
                      {field.type}
                    </td>
                    <td className="py-1 align-top text-xs">
                      {[field.required ? 'required' : 'optional', ...field.rules].join(' · ')}
                      {field.description ? (
                        <span className="block text-muted">{field.description}</span>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="space-y-2">
        <h3 className="text-sm font-semibold">Answer (HTTP {docs.successStatus})</h3>
        <pre
          tabIndex={0}
          aria-label={`Answer of ${endpoint.name}`}
          className="max-h-80 overflow-auto rounded-md border border-border bg-surface-muted p-3 text-xs"
        >
          {docs.answer}
        </pre>
      </section>
      <section className="space-y-2">
        <h3 className="text-sm font-semibold">Errors</h3>
        <p className="text-sm">
          <code>{'{ "error": { "status", "message" } }'}</code> with{' '}
          {docs.errors.map((error, index) => (
            <span key={error.status}>
              {index > 0 ? ', ' : ''}
              <code>{error.status}</code> ({error.http})
            </span>
          ))}
          .
        </p>
      </section>
      <TryIt endpoint={endpoint} fields={docs.tryFields} keyChoice={keyChoice} />
    </div>
  );
}
