// The contract between the shell and the remotes. It imports no zod and no other package at run time: the shell's
// entry reads the runtime configuration with it before the federation's shared modules exist.
export * from './runtime-config';
export * from './remotes';
export * from './remote-contract';
export * from './version';
