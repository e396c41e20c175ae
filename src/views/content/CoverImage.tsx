// A card cover that falls back to a neutral placeholder when the image is missing or fails to load.
import { useState } from 'react';

export function CoverImage({ src, className = 'h-[240px]' }: { src: string | null | undefined; className?: string }) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) {
    return (
      <div className={`flex w-full items-center justify-center bg-gradient-to-br from-brand-100 to-slate-200 ${className}`} data-testid="image-placeholder" aria-hidden="true">
        <svg viewBox="0 0 24 24" className="h-12 w-12 text-brand-700/50" fill="none" stroke="currentColor" strokeWidth="1.5">
          <rect x="3" y="4" width="18" height="16" rx="2" />
          <circle cx="9" cy="10" r="2" />
          <path d="m21 17-5-5-8 8" />
        </svg>
      </div>
    );
  }
  return <img src={src} alt="" loading="lazy" onError={() => setBroken(true)} className={`w-full object-cover ${className}`} />;
}
