/** React Router 6 opt-ins shared by every router of the page (the shell's, the mock host's, the tests'). */
export const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;
