import type { BenefitType } from '../api/check-benefit';

interface BenefitIllustrationProps {
  type: BenefitType;
  headline: string;
  caption: string;
  action: string;
}

const PALETTES: Record<BenefitType, { from: string; to: string; accent: string }> = {
  '10': { from: '#ff7a45', to: '#ffc53d', accent: '#fff1b8' },
  '20': { from: '#2f54eb', to: '#13c2c2', accent: '#e6fffb' },
};

/** The two popup pictures of spec §2 (type 10: new-user recharge gift, type 20: invited-user gift), drawn inline. */
export function BenefitIllustration({ type, headline, caption, action }: BenefitIllustrationProps) {
  const palette = PALETTES[type];
  const gradient = `benefit-gradient-${type}`;
  return (
    <svg viewBox="0 0 360 240" width="100%" role="img" aria-label={headline} data-testid={`benefit-image-${type}`}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor={palette.from} />
          <stop offset="100%" stopColor={palette.to} />
        </linearGradient>
      </defs>
      <rect width="360" height="240" rx="20" fill={`url(#${gradient})`} />
      {type === '10' ? (
        <g fill={palette.accent}>
          <circle cx="296" cy="64" r="36" opacity="0.9" />
          <text x="296" y="76" textAnchor="middle" fontSize="32" fontWeight="700" fill={palette.from}>
            ¥
          </text>
          <circle cx="246" cy="34" r="14" opacity="0.6" />
        </g>
      ) : (
        <g fill={palette.accent}>
          <rect x="258" y="44" width="72" height="56" rx="6" opacity="0.9" />
          <rect x="252" y="32" width="84" height="16" rx="4" />
          <rect x="289" y="32" width="10" height="68" fill={palette.from} />
        </g>
      )}
      <text x="24" y="148" fontSize="26" fontWeight="700" fill="#fff">
        {headline}
      </text>
      <text x="24" y="178" fontSize="13" fill="#fff" opacity="0.9">
        {caption}
      </text>
      <rect x="24" y="194" width="312" height="30" rx="15" fill={palette.accent} />
      <text x="180" y="214" textAnchor="middle" fontSize="14" fontWeight="600" fill={palette.from}>
        {action}
      </text>
    </svg>
  );
}
