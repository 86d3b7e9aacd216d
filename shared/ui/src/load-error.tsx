/** A list or detail that could not be loaded (docs/calls.md: a generic error), in the words of the remote that shows it. */
export function LoadError({ message }: { message: string }) {
  return (
    <div className="alert alert-danger" role="alert">
      {message}
    </div>
  );
}
