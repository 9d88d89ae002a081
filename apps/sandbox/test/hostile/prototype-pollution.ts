// Attack: pollute prototypes and JSON so an empty answer looks like an action.
import { defineBot, type XixAction } from '@xix/sdk';

export default defineBot({
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
