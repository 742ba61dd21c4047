// An example plugin in plain ESM JavaScript. The registry finds it through the
// "toolPlugin" field of package.json; nothing else in the app names it.

/** The tool: what runs when the model calls `text_slugify`. */
class SlugifyTool {
  constructor(separator) {
    this.separator = separator;
  }

  name() {
    return 'text_slugify';
  }

  description() {
    return 'Turn a title into a URL slug: lowercase words joined by a separator.';
  }

  parametersSchema() {
    return {
      type: 'object',
      properties: { text: { type: 'string', description: 'The title to turn into a slug.' } },
      required: ['text'],
    };
  }

  async execute(args) {
    if (typeof args.text !== 'string') throw new Error('"text" must be a string');
    const words = args.text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').match(/[a-z0-9]+/g) ?? [];
    return words.join(this.separator);
  }
}

/** The factory: owns the name `text_slugify` and builds the tool per resolution. */
export class SlugifyToolFactory {
  name() {
    return 'text_slugify';
  }

  group() {
    return 'text';
  }

  overridesSchema() {
    return {
      type: 'object',
      properties: {
        separator: { type: 'string', title: 'Separator', enum: ['-', '_', '.'], default: '-' },
      },
    };
  }

  create(agentTool) {
    return new SlugifyTool(agentTool.overrides.separator ?? '-');
  }
}

const conversions = {
  km_to_miles: { description: 'Convert kilometres to miles.', from: 'km', factor: 0.621371 },
  miles_to_km: { description: 'Convert miles to kilometres.', from: 'miles', factor: 1.609344 },
  kg_to_pounds: { description: 'Convert kilograms to pounds.', from: 'kg', factor: 2.204623 },
};

/** A bundle: several tools from one source, named group + "_" + local name. */
export class UnitConversionTools {
  group() {
    return 'units';
  }

  toolNames() {
    return new Set(Object.keys(conversions).map((local) => `units_${local}`));
  }

  create(toolName) {
    const local = toolName.replace(/^units_/, '');
    const conversion = Object.hasOwn(conversions, local) ? conversions[local] : undefined;
    if (!conversion) return undefined;
    return {
      name: () => toolName,
      description: () => conversion.description,
      parametersSchema: () => ({
        type: 'object',
        properties: { value: { type: 'number', description: `The amount in ${conversion.from}.` } },
        required: ['value'],
      }),
      execute: async (args) => {
        if (typeof args.value !== 'number') throw new Error('"value" must be a number');
        return String(Math.round(args.value * conversion.factor * 1000) / 1000);
      },
    };
  }
}
