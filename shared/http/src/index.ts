export { apiUrl, configureHttp, http, requestJson, requestVoid, requestBlob, filenameFrom, startEarly } from './client';
export { normaliseError, networkError, isClientError, isNotFound, readBody, serverDetail } from './normalise-error';
export { observeCalls, type CallObserver, type CallOutcome } from './call-observers';
