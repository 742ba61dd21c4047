export default function Loading() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">Approvals</h1>
      <p role="status" className="text-sm text-muted-foreground">Loading held calls…</p>
    </>
  );
}
