import { startRazorpayStandIn } from '../tests/support/razorpay-stand-in.ts';
const standIn = await startRazorpayStandIn();
console.log(JSON.stringify(standIn.env ?? standIn));
setInterval(() => {}, 1 << 30);
