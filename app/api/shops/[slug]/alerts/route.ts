import { route } from "@/lib/endpoints/route";
import { getAlertSettings, updateAlertSettings } from "@/lib/alerts";
import { getStoreAlertSettingsEndpoint, updateStoreAlertSettingsEndpoint } from "@/lib/alerts/endpoints";

export const dynamic = "force-dynamic";

// GET /api/shops/:slug/alerts – the tracked store's alert settings
export const GET = route(getStoreAlertSettingsEndpoint, ({ user, params }) => getAlertSettings(user.id, params.slug));

// PUT /api/shops/:slug/alerts – change them (or mute the store)
export const PUT = route(updateStoreAlertSettingsEndpoint, ({ user, params, body }) => updateAlertSettings(user.id, params.slug, body));
