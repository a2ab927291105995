export { ERROR_MODAL_TITLE, ErrorModal, type ErrorModalContent } from './error-modal.tsx'
export {
  ClearErrorsOnRouteChange,
  type Notification,
  type NotificationKind,
  NotificationsProvider,
  type Notify,
  type NotifyOptions,
  useNotify,
} from './notifications-provider.tsx'
