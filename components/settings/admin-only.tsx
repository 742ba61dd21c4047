/** What a non-admin sees on an admin settings page (the API refuses them anyway). */
export function AdminOnly({ what }: { what: string }) {
  return (
    <p role="status" className="text-sm">
      Only admins manage {what}. Ask an admin if you need a change.
    </p>
  );
}
