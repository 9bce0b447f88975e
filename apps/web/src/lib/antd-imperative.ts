// antd-mobile's imperative Toast and Modal (with react-spring and gestures behind them) are loaded on
// first use, not at start-up: the login route does not pay for them until it shows a message.
import Modal from 'antd-mobile/es/components/modal';
import Toast from 'antd-mobile/es/components/toast';

/** Toast default duration of the spec. */
Toast.config({ duration: 1500 });

export { Modal, Toast };
