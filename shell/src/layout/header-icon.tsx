import spriteUrl from '../assets/header-icons.svg';

/** The few design-system icons the header draws (bootstrap-italia's own, in a small sprite of the shell's assets). */
export function HeaderIcon({ name }: { name: 'it-burger' | 'it-close-big' }) {
  return (
    <svg className="icon" aria-hidden="true" focusable="false">
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
