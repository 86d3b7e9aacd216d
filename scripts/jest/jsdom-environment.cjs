// jsdom lacks what the browser has and our libraries use (fetch, Request, TextEncoder...): take Node's.
const { TestEnvironment } = require('jest-environment-jsdom');

class BrowserLikeEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    for (const name of [
      'fetch',
      'Request',
      'Response',
      'Headers',
      'FormData',
      'TextEncoder',
      'TextDecoder',
      'ReadableStream',
      'structuredClone',
      'AbortController',
      'AbortSignal',
    ]) {
      if (typeof this.global[name] === 'undefined' || name === 'AbortController' || name === 'AbortSignal')
        this.global[name] = globalThis[name];
    }
  }
}

module.exports = BrowserLikeEnvironment;
