export default function Loading() {
  return (
    <p role="status" className="text-slate-600">
      Loading the catalogue…
    </p>
  );
}
