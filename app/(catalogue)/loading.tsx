import { CatalogueSkeleton } from '@/components/catalogue/catalogue-skeleton';

export default function Loading() {
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">Tool catalogue</h1>
      <CatalogueSkeleton />
    </>
  );
}
