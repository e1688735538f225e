/** The product mark: a red rounded square with a golden star. Props: `size` in px (default 32). */
export function Emblem({ size = 32 }: { size?: number }) {
  return (
    <svg className="oa-emblem" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <defs>
        <linearGradient id="oa-emblem-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#d7262d" />
          <stop offset="1" stopColor="#a3121a" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="7" fill="url(#oa-emblem-bg)" />
      <rect x="1.5" y="1.5" width="29" height="29" rx="6" fill="none" stroke="#ffd666" strokeOpacity="0.55" />
      <path d="M16 5.5l2.55 7.05h7.45l-6.02 4.42 2.3 7.23L16 19.8l-6.28 4.4 2.3-7.23L6 12.55h7.45z" fill="#ffd54f" />
    </svg>
  );
}
