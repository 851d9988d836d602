/** The pictures in place of the prototype's placeholder image boxes (spec 001 §2 "Government pitch"). */

/** A phone wallet holding three credentials, verified: the hero's picture (decorative). */
export function WalletIllustration() {
  return (
    <svg aria-hidden="true" viewBox="0 0 320 280" className="mx-auto hidden w-full max-w-sm sm:block">
      <circle cx="160" cy="140" r="128" fill="#ffffff" fillOpacity="0.08" />
      <circle cx="160" cy="140" r="96" fill="#ffffff" fillOpacity="0.06" />
      <g stroke="#ffffff" strokeOpacity="0.5" strokeWidth="2" strokeDasharray="4 6" fill="none">
        <path d="M60 70 C 80 70, 90 90, 108 96" />
        <path d="M60 210 C 80 210, 90 190, 108 184" />
      </g>
      <g fill="#ffffff">
        <rect x="30" y="52" width="36" height="36" rx="6" />
        <rect x="30" y="192" width="36" height="36" rx="6" />
      </g>
      <g fill="#1d70b8">
        <path d="M40 62h6v6h-6zM50 62h6v6h-6zM40 72h6v6h-6zM50 72h6v6h-6z" />
        <path d="M48 200a6 6 0 110 12 6 6 0 010-12zM38 222c0-6 4.5-8 10-8s10 2 10 8z" />
      </g>
      <rect
        x="106"
        y="26"
        width="110"
        height="228"
        rx="18"
        fill="#0b0c0c"
        fillOpacity="0.35"
        stroke="#ffffff"
        strokeWidth="4"
      />
      <rect x="141" y="38" width="40" height="6" rx="3" fill="#ffffff" fillOpacity="0.7" />
      <g>
        <rect x="118" y="58" width="86" height="50" rx="6" fill="#ffffff" />
        <circle cx="136" cy="83" r="9" fill="#1d70b8" />
        <rect x="152" y="74" width="42" height="6" rx="3" fill="#1d70b8" />
        <rect x="152" y="86" width="28" height="6" rx="3" fill="#b1b4b6" />
      </g>
      <g>
        <rect x="118" y="116" width="86" height="50" rx="6" fill="#ffdd00" />
        <rect x="128" y="128" width="36" height="6" rx="3" fill="#0b0c0c" />
        <rect x="128" y="140" width="58" height="6" rx="3" fill="#0b0c0c" fillOpacity="0.5" />
        <rect x="128" y="152" width="44" height="6" rx="3" fill="#0b0c0c" fillOpacity="0.5" />
      </g>
      <g>
        <rect x="118" y="174" width="86" height="50" rx="6" fill="#00703c" />
        <rect x="128" y="186" width="40" height="6" rx="3" fill="#ffffff" />
        <rect x="128" y="198" width="56" height="6" rx="3" fill="#ffffff" fillOpacity="0.6" />
        <rect x="128" y="210" width="32" height="6" rx="3" fill="#ffffff" fillOpacity="0.6" />
      </g>
      <g transform="translate(214 150)">
        <path
          d="M36 0l34 13v27c0 23-15 39-34 46C17 79 2 63 2 40V13z"
          fill="#00703c"
          stroke="#ffffff"
          strokeWidth="5"
          strokeLinejoin="round"
        />
        <path
          d="M20 42l11 11 21-22"
          fill="none"
          stroke="#ffffff"
          strokeWidth="7"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>
    </svg>
  );
}

/** A globe with linked points: the UK connected to the world (decorative). */
export function GlobeIllustration() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 220 220"
      className="mx-auto w-full max-w-[14rem] text-govuk-blue dark:text-govuk-blue-light"
    >
      <g fill="none" stroke="currentColor" strokeWidth="3">
        <circle cx="110" cy="110" r="90" />
        <ellipse cx="110" cy="110" rx="40" ry="90" />
        <path d="M20 110h180M33 65h154M33 155h154" />
      </g>
      <g fill="none" stroke="currentColor" strokeWidth="2" strokeDasharray="4 5">
        <path d="M96 58 L160 90 L140 160 L62 140 Z" />
      </g>
      <g fill="currentColor">
        <circle cx="160" cy="90" r="7" />
        <circle cx="140" cy="160" r="7" />
        <circle cx="62" cy="140" r="7" />
      </g>
      <circle cx="96" cy="58" r="11" fill="#00703c" stroke="#ffffff" strokeWidth="3" />
    </svg>
  );
}
