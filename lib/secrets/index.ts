export { deleteSecret, listSecrets, putSecret, secretNames, type SecretSummary } from './secret-store';
