// Mantine's notifications container alone, the chunk NotificationsOnDemand loads (notifications-on-demand.tsx).
export { Notifications } from '@mantine/notifications';
