export { apiUrl, configureHttp, http, requestJson, requestVoid, requestBlob, filenameFrom } from './client';
export { normaliseError, networkError, isClientError, readBody } from './normalise-error';
