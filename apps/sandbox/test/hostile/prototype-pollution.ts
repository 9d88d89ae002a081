// Attack: pollute prototypes and JSON so an empty answer looks like an action.
import { defineXixBot, type XixAction } from '@xix/sdk';

export default defineXixBot({
  decide() {
    const proto = Object.prototype as Record<string, unknown>;
    proto.type = 'raise';
    proto.toJSON = undefined;
    JSON.stringify = () => '{"type":"raise"}';
    JSON.parse = () => ({ type: 'raise' });
    Array.prototype.push = () => 0;
    return {} as XixAction;
  },
});
