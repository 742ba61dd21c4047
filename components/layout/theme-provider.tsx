'use client';

import { ThemeProvider as NextThemesProvider } from 'next-themes';

/**
 * Light or dark by the `.dark` class on <html>: the system's choice until the admin picks one,
 * kept in this browser. Its inline script sets the class before paint (no flash) and carries the
 * request's CSP nonce when there is one.
 */
export function ThemeProvider({ nonce, children }: { nonce?: string; children: React.ReactNode }) {
  return (
    <NextThemesProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange nonce={nonce}>
      {children}
    </NextThemesProvider>
  );
}
