// The face of spid-activation: the pages of the digital-identity return and completion. Its other files are its own.
export { SpidActivationPage } from './components/spid-activation-page';
export { SpidReturnPage } from './components/spid-return-page';
