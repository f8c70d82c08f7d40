import { useParams } from 'react-router';
import { VehicleDetail } from '@/features/inventory/components/vehicle-detail';
import { useDealershipIds } from '../route-params';

/** `inventory/vehicles/:vin`: the vehicle page that report vehicle links open. */
export function VehicleRoute() {
  const { organizationId, dealershipId } = useDealershipIds();
  const { vin = '' } = useParams();
  return <VehicleDetail key={vin} organizationId={organizationId} dealershipId={dealershipId} vin={vin} />;
}
