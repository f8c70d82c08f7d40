export { evaluateAlerts, findConditions, type EvaluationOutcome, type FoundCondition } from './evaluate';
export { countOpenAlerts, getAlert, listAlerts, openAlertsPerDealershipSql, type AlertViewer } from './list';
export {
  acknowledgeAlert,
  commentAlert,
  raiseDeliveryFailedAlert,
  resolveDeliveryFailedAlert,
  snoozeAlert,
} from './actions';
export { loadAlertSettings, loadAlertThresholds, saveAlertSettings } from './settings';
