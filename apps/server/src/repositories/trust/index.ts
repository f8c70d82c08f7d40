export { loadTrustSettings, trustSettingsOf, type TrustSettings } from './settings';
export { loadCampaignTrust, type CampaignTrustParams } from './campaign-trust';
export { loadDataHealth, SYNC_ZONE } from './data-health';
export { dealershipDataThrough, recordSyncRun } from './record';
export { loadSelfServiceTrust } from './self-service-trust';
