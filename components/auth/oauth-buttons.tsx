import { oauthSignInAction } from "@/lib/auth/actions";
import { configuredOAuthProviders } from "@/lib/auth/oauth-providers";

/** One button per OAuth provider whose credentials are configured; nothing otherwise. */
export function OAuthButtons({ callbackUrl }: { callbackUrl: string }) {
  const providers = configuredOAuthProviders();
  if (providers.length === 0) return null;

  return (
    <div className="space-y-2">
      {providers.map((provider) => (
        <form key={provider.id} action={oauthSignInAction}>
          <input type="hidden" name="provider" value={provider.id} />
          <input type="hidden" name="callbackUrl" value={callbackUrl} />
          <button
            type="submit"
            className="w-full rounded-md border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-50"
          >
            Continue with {provider.name}
          </button>
        </form>
      ))}
      <p className="text-center text-xs uppercase tracking-wide text-slate-600">or with e-mail</p>
    </div>
  );
}
