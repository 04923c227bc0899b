/** An input's error message, announced to screen readers; `id` is the input's aria-describedby. */
export function FieldError({ id, message, className = "" }: { id: string; message: string; className?: string }) {
  return (
    <p id={id} role="alert" className={`text-sm text-red-700 ${className}`.trim()}>
      {message}
    </p>
  );
}
