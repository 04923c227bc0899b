export { TECHNOLOGY_CATEGORIES, isTechnologyCategory } from "./categories";
export type { TechnologyCategory } from "./categories";
export { APP_DETECTOR_APPS, FINGERPRINTS, IMPORTED_BASES, OTHER_TECHNOLOGIES, buildTechnologyList } from "./catalog";
export type { HandApp, ImportedBase, Technology } from "./catalog";
export { FORMER_TAG_APPS, FORMER_TAG_APP_SLUGS } from "./former-tag-apps";
export { detectTechnologies, technologiesOf } from "./detect-technologies";
export { APP_DETECTOR_SOURCE, detectedTechnologySchema, FINGERPRINT_SOURCE } from "./schemas";
export type { DetectedTechnology } from "./schemas";
