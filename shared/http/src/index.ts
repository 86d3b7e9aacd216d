export { apiUrl, configureHttp, http, requestJson, requestVoid, requestBlob, filenameFrom } from './client';
export { normaliseError, networkError, isClientError, isNotFound, readBody, serverDetail } from './normalise-error';
