// The face of the wizard: the pages that create and update a request. The app loads it on demand (exposed/routes).
export { VisaUpdatePage, VisaWizardPage } from './components/visa-wizard-page';
