/**
 * Namespaces of the pages outside sign-in (login, register, SSO, exception pages): resource group `public`, loaded
 * before the first render (./index.ts) and bundled apart from the others (vite.config.ts).
 */
export const PUBLIC_NAMESPACES = ['common', 'login', 'exception', 'pages', 'route'] as const;
