// A yes / with-conditions / no mark used by several tables. The word is always written out,
// so the colour and the icon only repeat what the text says.
export type VerdictLevel = 'yes' | 'conditional' | 'no';

export const verdictRank: Record<VerdictLevel, number> = { yes: 2, conditional: 1, no: 0 };

const icons: Record<VerdictLevel, string> = { yes: '✓', conditional: '~', no: '✕' };

export function Verdict({ level, text }: { level: VerdictLevel; text: string }) {
  return (
    <span className={`verdict verdict-${level}`}>
      <span className="verdict-icon" aria-hidden="true">
        {icons[level]}
      </span>
      {text}
    </span>
  );
}
