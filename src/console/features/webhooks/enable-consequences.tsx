/** What turning advanced webhooks on or off does, said before the admin saves it. */
export function EnableConsequences({ saved, chosen }: { saved: boolean; chosen: boolean }) {
  if (saved && !chosen) {
    return (
      <div
        id="webhooks-consequences"
        className="rounded-md border border-warning bg-warning-soft p-3 text-sm text-warning-soft-fg"
      >
        <p className="font-semibold">Turning advanced webhooks off stops every delivery at once.</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          <li>
            Messages due while they are off fail without an attempt and are not retried; recover
            them from an endpoint&apos;s delivery log once webhooks are back on.
          </li>
          <li>Endpoints can no longer be created, edited, tested or resent to.</li>
          <li>The endpoints, their signing secrets and their delivery logs are kept.</li>
        </ul>
      </div>
    );
  }
  if (!saved && chosen) {
    return (
      <p
        id="webhooks-consequences"
        className="rounded-md border border-accent bg-accent-soft p-3 text-sm text-accent-soft-fg"
      >
        Once saved, you can create endpoints. Each event of this API key from then on is delivered
        to every enabled endpoint that subscribes to it, signed with the endpoint&apos;s secret.
      </p>
    );
  }
  return (
    <p id="webhooks-consequences" className="text-sm text-muted">
      {saved
        ? 'Events are delivered to every enabled endpoint that subscribes to them. Turning this off stops all deliveries.'
        : 'Off: no endpoint can be created or changed and nothing is delivered. Turn it on to add endpoints.'}
    </p>
  );
}
