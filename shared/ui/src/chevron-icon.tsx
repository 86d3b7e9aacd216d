/** bootstrap-italia's it-chevron-right and it-chevron-left, drawn on the 16 units around them (their 24 are mostly margin). */
const PATHS = {
  next: 'm9.8 17.2-.8-.7 4.9-4.9L9 6.7l.8-.7 5.6 5.6z',
  previous: 'M14.6 17.2 9 11.6 14.6 6l.8.7-4.9 4.9 4.9 4.9z',
} as const;

/**
 * A chevron beside the way to the next step or back, drawn for a left-to-right page and mirrored on a right-to-left
 * one (shell/src/right-to-left.css), where the next thing is on the left. Decorative: the text beside it says where
 * it leads. Sized by its attributes: no rule of the entry's stylesheet is kept for it (a page in English carries none).
 */
export function ChevronIcon({ towards }: { towards: keyof typeof PATHS }) {
  return (
    <svg
      className="varco-chevron"
      width="16"
      height="16"
      viewBox="4 3.6 16 16"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      data-towards={towards}
    >
      <path d={PATHS[towards]} />
    </svg>
  );
}
