// Transport icons drawn as SVG: media-control glyphs (⏮ ⏭) are missing from many system fonts.
const common = {
  width: 16,
  height: 16,
  viewBox: '0 0 16 16',
  'aria-hidden': true,
  focusable: false,
  fill: 'currentColor',
} as const;

export function IconStepBack() {
  return (
    <svg {...common}>
      <rect x="2" y="3" width="2" height="10" />
      <path d="M14 3 L5.5 8 L14 13 Z" />
    </svg>
  );
}

export function IconStepForward() {
  return (
    <svg {...common}>
      <rect x="12" y="3" width="2" height="10" />
      <path d="M2 3 L10.5 8 L2 13 Z" />
    </svg>
  );
}

export function IconPlay() {
  return (
    <svg {...common}>
      <path d="M4 2.5 L13.5 8 L4 13.5 Z" />
    </svg>
  );
}

export function IconPause() {
  return (
    <svg {...common}>
      <rect x="3.5" y="2.5" width="3" height="11" />
      <rect x="9.5" y="2.5" width="3" height="11" />
    </svg>
  );
}
