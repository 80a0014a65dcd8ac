/** The CleanFleet mark: a robot seen from above. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#017465" />
      <circle cx="16" cy="17" r="9" fill="none" stroke="#fff" strokeWidth="2.5" />
      <circle cx="16" cy="17" r="3" fill="#fff" />
      <path d="M9 8h14" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
