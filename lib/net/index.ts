export { SharedByteBudget } from "./byte-budget";
export { checkAddress, isIpLiteral, type AddressVerdict } from "./ip-address";
export { findResolveRule, parseResolveRules, type ResolveRule } from "./resolve-rules";
export { DEFAULT_MAX_BYTES, DEFAULT_MAX_REDIRECTS, safeFetch } from "./safe-fetch";
export type { LookupAddress, NetError, NetErrorKind, RedirectHop, SafeFetchOptions, SafeFetchResult, SafeResponse } from "./types";
