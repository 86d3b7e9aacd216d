// For tests of other modules only (api/README.md, "Modules"): a captcha challenge answered without the image.
export { createCaptchaRepository } from './repository';
export { hashAnswer, hashToken } from './service';
