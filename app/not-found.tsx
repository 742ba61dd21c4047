import Link from 'next/link';

export default function NotFound() {
  return (
    <div>
      <h1 className="mb-2 text-2xl font-semibold">Page not found</h1>
      <p className="text-muted-foreground">
        There is nothing at this address. <Link href="/" className="text-link underline">Back to the catalogue</Link>
      </p>
    </div>
  );
}
