// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title Mock fee-on-transfer token
/// @notice Tests only: an ERC-20 (6 decimals) that keeps `feeBps` of every transfer (not of mints) for
/// `feeCollector`, so the receiver gets less than was sent, as some tokens do (and as USDT could if its
/// fee were switched on). The payment contract must notice and refuse such a payment.
/// @dev NEVER deployed outside tests.
contract MockFeeToken is ERC20 {
    uint16 public immutable feeBps;
    address public immutable feeCollector;

    constructor(uint16 feeBps_, address feeCollector_) ERC20("Fee Token", "FEE") {
        feeBps = feeBps_;
        feeCollector = feeCollector_;
    }

    function decimals() public pure override returns (uint8) {
        return 6;
    }

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    function _update(address from, address to, uint256 value) internal override {
        if (from == address(0) || to == address(0) || feeBps == 0) return super._update(from, to, value);
        uint256 fee = (value * feeBps) / 10_000;
        super._update(from, feeCollector, fee);
        super._update(from, to, value - fee);
    }
}
