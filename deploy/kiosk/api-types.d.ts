// Generated from api/openapi.json by deploy/kiosk/generate-api-types.mjs (npm run kiosk:types): do not edit.

export interface paths {
    "/api/v1/exit-point/public-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The public key that verifies the QR codes
         * @description An Ed25519 JWK (RFC 8037) with its key id `kid`. A QR code holds `v1.<payload>.<signature>`: base64url of the JSON `{p: the request’s public id, i: issue time (Unix seconds), k: kid}` and of the Ed25519 signature of `v1.<payload>`. A kiosk fetches the key once and verifies codes offline; no API key needed.
         */
        get: operations["getExitPointPublicKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/exit-point/scan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Scan the QR code of a visa request
         * @description Refused: a code that is damaged, altered or not signed by the agency (400 with the reason in `extra.token`), an unknown request (404), a code replaced by a newer one after a change of the request (409), a completed (already used) or expired request (409). A pending request is analysed at once: green → visa granted (GRANTED, invoices 100 with release date, code and the client’s customs office); yellow or red → CUSTOMS_CHECK (invoices 40). A request in completion (green light from the portal) → GRANTED. A request already under customs check → CUSTOMS_CHECK again. The answer says why (`reasons`) and what to tell the traveler (`message`). A request changed by others at each of three attempts is not judged: 503, to scan again after `retry-after` seconds.
         */
        post: operations["postExitPointScan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/exit-point/requests/{publicId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A visa request as the officer sees it (officers only)
         * @description The traveler’s name and document, the state, the light and its reasons, the invoices. A kiosk key answers 403.
         */
        get: operations["getExitPointRequestsByPublicId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/exit-point/requests/{publicId}/decisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decide the invoices under customs check (officers only)
         * @description Per invoice (refund id) of a request in customs check (20, else 409): GRANTED (100, with release data), DENIED (10) or NOT_SELECTED (50). An invoice not waiting for a decision answers 400. When no invoice is left at 40 the request is completed (100). A kiosk key answers 403.
         */
        post: operations["postExitPointRequestsByPublicIdDecisions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ApiError: {
            detail: string;
            extra?: {
                [key: string]: string;
            };
        };
        ExitPointRequest: {
            publicId: string;
            requestCode: string;
            traveler: {
                name: string;
                document: {
                    type: string;
                    country: string;
                    number: string;
                };
            };
            stateCode: number;
            stateDescription: string;
            totalAmount: number;
            travelDate: string;
            transportType: string;
            flightNumber: string | null;
            invoices: {
                refundId: number;
                invoiceNumber: string;
                vendorName: string;
                totalAmount: number;
                stateCode: number;
                stateDescription: string;
                release: {
                    date: string;
                    code: string;
                    customsOffice: string;
                } | null;
            }[];
        };
        ExitPointView: {
            light: (1 | 5 | 10) | null;
            reasons: string[];
            request: components["schemas"]["ExitPointRequest"];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getExitPointPublicKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        kty: "OKP";
                        /** @enum {string} */
                        crv: "Ed25519";
                        x: string;
                        kid: string;
                        /** @enum {string} */
                        alg: "EdDSA";
                        /** @enum {string} */
                        use: "sig";
                    };
                };
            };
            /** @description Invalid request: per-field messages in `extra` (`generic` for the whole body). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many requests from this client; retry after `retry-after` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Not available now (the database cannot be reached, or every api instance is busy); retry after `retry-after` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    postExitPointScan: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        light: (1 | 5 | 10) | null;
                        reasons: string[];
                        request: components["schemas"]["ExitPointRequest"];
                        /** @enum {string} */
                        outcome: "GRANTED" | "CUSTOMS_CHECK";
                        message: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Not available now (the database cannot be reached, or every api instance is busy); retry after `retry-after` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    getExitPointRequestsByPublicId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                publicId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExitPointView"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Not available now (the database cannot be reached, or every api instance is busy); retry after `retry-after` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    postExitPointRequestsByPublicIdDecisions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                publicId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    decisions: {
                        refundId: number;
                        /** @enum {string} */
                        outcome: "GRANTED" | "DENIED" | "NOT_SELECTED";
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExitPointView"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Not available now (the database cannot be reached, or every api instance is busy); retry after `retry-after` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
}
