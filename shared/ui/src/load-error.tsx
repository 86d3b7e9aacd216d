/** A list or detail that could not be loaded (SPEC §8: a generic error), in the words of the remote that shows it. */
export function LoadError({ message }: { message: string }) {
  return (
    <div className="alert alert-danger" role="alert">
      {message}
    </div>
  );
}
