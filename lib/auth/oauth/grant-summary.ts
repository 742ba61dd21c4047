/** One client's access as the connections page shows it (shared by the server and the page). */
export interface OAuthGrantSummary {
  id: string;
  clientId: string;
  clientName: string;
  redirectUris: string[];
  userEmail: string | null;
  agents: string[];
  createdAt: string;
  lastUsedAt: string | null;
}
