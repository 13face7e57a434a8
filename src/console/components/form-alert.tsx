/**
 * A form-level message, such as the server's refusal; read out at once where it appears. Each line
 * of the message is a line of its own.
 */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-md border border-danger bg-danger-soft px-3 py-2 text-sm break-words whitespace-pre-line text-danger-soft-fg"
    >
      {message}
    </p>
  );
}
