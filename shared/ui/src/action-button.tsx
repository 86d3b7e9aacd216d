import { serverDetail } from '@varco/contracts/plain';

/** What ActionButton needs of a TanStack Query mutation that takes no variables. */
export interface ButtonMutation {
  mutate: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * A button that runs a call (a download, an analysis): busy while it runs; a failure shows the server's detail when it
 * answered one (docs/calls.md), else `errorText`, under the button with the test id `errorTestId`.
 */
export function ActionButton({
  mutation,
  label,
  busyLabel,
  errorText,
  errorTestId,
  className,
}: {
  mutation: ButtonMutation;
  label: string;
  busyLabel: string;
  errorText: string;
  errorTestId: string;
  className: string;
}) {
  return (
    <div>
      <button
        type="button"
        className={className}
        onClick={() => mutation.mutate()}
        disabled={mutation.isPending}
        aria-busy={mutation.isPending}
      >
        {mutation.isPending ? busyLabel : label}
      </button>
      {mutation.isError ? (
        <div className="alert alert-danger mt-2 mb-0" role="alert" data-testid={errorTestId}>
          {serverDetail(mutation.error) || errorText}
        </div>
      ) : null}
    </div>
  );
}
