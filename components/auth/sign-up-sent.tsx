import Link from "next/link";

/**
 * What the sign-up form shows when e-mail verification is required: the same for a new and a
 * taken address (the taken address's owner gets an e-mail saying how to get in), and nobody is
 * signed in, so the page never tells whether the address has an account.
 */
export function SignUpSent({ email, callbackUrl }: { email: string; callbackUrl: string }) {
  return (
    <div className="space-y-3">
      <div role="status" className="space-y-1 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-3 text-sm text-emerald-900">
        <p className="font-medium">Check your e-mail</p>
        <p>
          We sent a link to <span className="break-all font-medium">{email}</span>; open it to finish. If the address already has an
          account, the e-mail says how to get in instead.
        </p>
      </div>
      <p className="text-sm text-slate-600">
        You can sign in meanwhile; analyzing stores starts once the address is confirmed. No e-mail after a few minutes? Check your spam
        folder, or sign in and press “Resend the e-mail” on your dashboard.
      </p>
      <Link
        href={`/sign-in?callbackUrl=${encodeURIComponent(callbackUrl)}`}
        className="inline-block text-sm text-indigo-700 hover:underline"
      >
        Go to sign in
      </Link>
    </div>
  );
}
