// `react-dom` under Preact: preact/compat, as `react` is, but through a file of its own. The federation provides a
// shared module per resolved file, so `react` and `react-dom` aliased to the same file would leave one of the two
// names unprovided (and the shell's contract check would find no react-dom on the page).
export * from 'preact/compat';
export { default } from 'preact/compat';
