export * from "./auth";
export * from "./billing";
export * from "./content";
export * from "./notifications";
export * from "./stores";
export * from "./tracking";
export * from "./workflow";
