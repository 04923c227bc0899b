"use client";

import { useEffect, useRef, useState } from "react";
import { thumbnailUrl } from "./thumbnail-url";

/**
 * A product's first image, straight from the store's CDN (never fetched by our server), over a
 * placeholder that shows when there is no image or it does not load. Decorative: the title
 * beside it says what the product is.
 */
const SIZES = { sm: { box: "h-12 w-12", px: 48 }, md: { box: "h-16 w-16", px: 64 } } as const;

export function ProductThumbnail({ src, size = "sm" }: { src: string | undefined; size?: keyof typeof SIZES }) {
  const { box, px } = SIZES[size];
  const url = src ? thumbnailUrl(src) : null;
  const image = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);

  // An image that failed before the page hydrated fired its error with no one listening.
  useEffect(() => {
    const img = image.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);

  return (
    <span className={`relative block ${box} shrink-0 overflow-hidden rounded-md bg-slate-100 ring-1 ring-slate-200`}>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="absolute inset-0 m-auto h-5 w-5 text-slate-300"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <circle cx="9" cy="10" r="2" />
        <path d="m4 18 5-5 4 4 3-3 4 4" />
      </svg>
      {url && !failed ? (
        // eslint-disable-next-line @next/next/no-img-element -- store CDNs are arbitrary hosts; next/image would fetch them through our server
        <img
          ref={image}
          src={url}
          alt=""
          width={px}
          height={px}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onError={() => setFailed(true)}
          className="absolute inset-0 h-full w-full object-cover"
        />
      ) : null}
    </span>
  );
}
